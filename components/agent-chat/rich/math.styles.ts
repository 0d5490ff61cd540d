// The math part's styles, adopted by each chat when the part arrives: Temml-Local.css (Temml 0.13.5) adapted to the
// chat's shadow root — the system's math fonts (no web font, nothing fetched), no `body` rules, no Firefox-only
// `@-moz-document` block, no mask image (`\cancelto` keeps its line), and forced colours that keep every stroke.
import { css } from 'lit';

export const mathStyles = css`
  math {
    font-family:
      'Cambria Math', 'STIX Two Math', 'STIXTwoMath-Regular', 'NotoSansMath-Regular', math;
    font-style: normal;
    font-weight: normal;
    line-height: normal;
    font-size-adjust: none;
    text-indent: 0;
    text-transform: none;
    letter-spacing: normal;
    word-wrap: normal;
    direction: ltr;
    font-feature-settings: 'dtls' off;
    display: inline-flex;
    flex-wrap: wrap;
    align-items: baseline;
  }

  math * {
    border-color: currentColor;
  }

  math.tml-display {
    display: block math;
    width: 100%;
  }

  math > mrow {
    padding: 0.5ex 0ex;
  }

  mfrac > :nth-child(2),
  msqrt,
  mover > :first-child {
    math-shift: compact;
  }

  .menclose {
    display: inline-block;
    position: relative;
    padding: 0.5ex 0ex;
    text-align: left;
  }

  .tml-sml-pad {
    padding-left: 0.05em;
  }
  .tml-med-pad {
    padding-left: 0.1em;
  }
  .tml-lrg-pad {
    padding-left: 0.15em;
  }

  .chr-sml {
    transform: translate(0.07em, 0);
  }
  .chr-sml-vec {
    transform: scale(0.75) translate(0.07em, 0);
  }
  .chr-med {
    transform: translate(0.14em, 0);
  }
  .chr-med-vec {
    transform: scale(0.75) translate(0.14em, 0);
  }
  .chr-lrg {
    transform: translate(0.21em, 0);
  }
  .chr-lrg-vec {
    transform: scale(0.75) translate(0.21em, 0);
  }

  .tml-right {
    text-align: right;
  }
  .tml-left {
    text-align: left;
  }
  .tml-shift-left {
    margin-left: -100%;
  }

  menclose {
    position: relative;
    padding: 0.5ex 0ex;
    print-color-adjust: exact;
  }

  .tml-overline {
    padding: 0.1em 0 0 0;
    border-top: 0.065em solid;
  }
  .tml-underline {
    padding: 0 0 0.1em 0;
    border-bottom: 0.065em solid;
  }
  .tml-cancel {
    display: inline-block;
    position: absolute;
    left: 0.5px;
    bottom: 0;
    width: 100%;
    height: 100%;
    background-color: currentColor;
  }
  .upstrike {
    clip-path: polygon(0.05em 100%, 0em calc(100% - 0.05em), calc(100% - 0.05em) 0em, 100% 0.05em);
  }
  .downstrike {
    clip-path: polygon(0em 0.05em, 0.05em 0em, 100% calc(100% - 0.05em), calc(100% - 0.05em) 100%);
  }
  .sout {
    clip-path: polygon(
      0em calc(55% + 0.0333em),
      0em calc(55% - 0.0333em),
      100% calc(55% - 0.0333em),
      100% calc(55% + 0.0333em)
    );
  }
  .tml-xcancel {
    clip-path: polygon(
      0.05em 0em,
      0em 0.05em,
      calc(50% - 0.05em) 50%,
      0em calc(100% - 0.05em),
      0.05em 100%,
      50% calc(50% + 0.05em),
      calc(100% - 0.05em) 100%,
      100% calc(100% - 0.05em),
      calc(50% + 0.05em) 50%,
      100% 0.05em,
      calc(100% - 0.05em) 0%,
      50% calc(50% - 0.05em)
    );
  }
  .longdiv-top {
    border-top: 0.067em solid;
    padding: 0.1em 0.2em 0.2em 0.433em;
  }
  .longdiv-arc {
    position: absolute;
    top: 0;
    bottom: 0.1em;
    left: -0.4em;
    width: 0.7em;
    border: 0.067em solid;
    transform: translateY(-0.067em);
    border-radius: 70%;
    clip-path: inset(0 0 0 0.4em);
    box-sizing: border-box;
  }
  .phasor-bottom {
    border-bottom: 0.067em solid;
    padding: 0.2em 0.2em 0.1em 0.6em;
  }
  .phasor-angle {
    display: inline-block;
    position: absolute;
    left: 0.5px;
    bottom: -0.04em;
    height: 100%;
    aspect-ratio: 0.5;
    background-color: currentColor;
    clip-path: polygon(0.05em 100%, 0em calc(100% - 0.05em), calc(100% - 0.05em) 0em, 100% 0.05em);
  }
  .tml-fbox {
    padding: 3pt;
    border: 1px solid;
  }
  .circle-pad {
    padding: 0.267em;
  }
  .textcircle {
    position: absolute;
    inset: 0;
    border: 0.067em solid;
    border-radius: 50%;
  }
  .actuarial {
    padding: 0.03889em 0.03889em 0 0.03889em;
    border-width: 0.08em 0.08em 0em 0em;
    border-style: solid;
    margin-right: 0.03889em;
  }
  .tml-tilde-2 {
    transform: scale(2, 1.1);
  }
  .tml-tilde-3 {
    transform: scale(3, 1.1);
  }
  .tml-tilde-4 {
    transform: scale(4, 1.1);
  }
  .tml-hat-1 {
    transform: scale(1.9, 1);
  }
  .tml-hat-2 {
    transform: scale(3.9, 1);
  }
  .tml-hat-3 {
    transform: scale(5.8, 1);
  }
  .tml-hat-4 {
    transform: scale(7.8, 1);
  }

  .special-fraction {
    font-family: 'STIX Two Text', 'Times New Roman', Times, Tinos, serif;
  }

  mtable.tml-jot > mtr > mtd {
    padding-top: 0.7ex;
    padding-bottom: 0.7ex;
  }
  mtable.tml-small mtd {
    padding-top: 0.35ex;
    padding-bottom: 0.35ex;
  }

  /* Forced colours: the system's text backplate would hide parts of strokes, and a \\color must give way. */
  @media (forced-colors: active) {
    math {
      forced-color-adjust: none;
      color: CanvasText;
    }
    math * {
      color: inherit !important;
    }
  }
`;
