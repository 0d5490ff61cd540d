// The highlighter part's colours, adopted by each chat when the part arrives (the classic script carries none of
// them): one rule per colour group, from `--agui-code-<group>-color` tokens (documented on <agent-chat>) with
// light-dark() defaults at WCAG AA on the light and dark code backgrounds.
import { css } from 'lit';

export const highlightStyles = css`
  .code-comment {
    color: var(--agui-code-comment-color, light-dark(#5f6672, #9ba3af));
  }

  .code-keyword {
    color: var(--agui-code-keyword-color, light-dark(#a3237f, #f08bd0));
  }

  .code-string {
    color: var(--agui-code-string-color, light-dark(#1a6b2a, #8fd694));
  }

  .code-number {
    color: var(--agui-code-number-color, light-dark(#9a4a00, #f5b46b));
  }

  .code-function {
    color: var(--agui-code-function-color, light-dark(#6f3bc4, #c8a6ff));
  }

  .code-tag {
    color: var(--agui-code-tag-color, light-dark(#1b50a8, #86b7ff));
  }

  .code-attribute {
    color: var(--agui-code-attribute-color, light-dark(#8a5300, #e8c26a));
  }

  .code-punctuation {
    color: var(--agui-code-punctuation-color, light-dark(#4b525d, #b8bec9));
  }

  .code-inserted {
    color: var(--agui-code-inserted-color, light-dark(#1a6b2a, #8fd694));
  }

  .code-deleted {
    color: var(--agui-code-deleted-color, light-dark(#b0261b, #ff9c94));
  }

  /* Forced colours take the hues away: comments, keywords and diff lines keep a shape of their own. */
  @media (forced-colors: active) {
    .code-comment {
      font-style: italic;
    }

    .code-keyword {
      font-weight: bold;
    }

    .code-deleted {
      text-decoration: line-through;
    }
  }
`;
