// The math part: TeX to native MathML with Temml 0.13.5, built node by node from Temml's MathML tree with
// `createElementNS` (never from its string output, never through innerHTML), styles through the CSSOM. Loaded with
// the first formula (loadPart('math')); never part of the classic script itself.
import temml from 'temml/temml.js';
import { MathNode, TextNode } from 'temml/src/mathMLTree.js';
import { DocumentFragment } from 'temml/src/tree.js';

export { mathStyles } from './math.styles.js';

/** A typeset formula (a `<math>` element named by its TeX), or why it is not typeset. */
export type MathResult = { readonly node: Element } | { readonly error: string };

const MATHML = 'http://www.w3.org/1998/Math/MathML';

/** The MathML elements a formula may hold; anything else refuses the whole formula. */
const ELEMENTS = new Set(
  (
    'math mi mn mo ms mtext mspace mrow mfrac msqrt mroot mstyle merror mpadded mphantom msub msup msubsup ' +
    'munder mover munderover mmultiscripts mprescripts none mtable mtr mtd mlabeledtr menclose semantics ' +
    'annotation maction'
  ).split(' '),
);

/** Presentation attributes kept; ids, links and anything else Temml sets are dropped. */
const ATTRIBUTES = new Set(
  (
    'display displaystyle scriptlevel mathvariant mathsize mathcolor mathbackground width height depth lspace ' +
    'rspace voffset stretchy symmetric largeop movablelimits accent accentunder fence separator form minsize ' +
    'maxsize linethickness linebreak notation rowspacing columnspacing columnalign rowalign columnlines rowlines ' +
    'frame framespacing equalrows equalcolumns side encoding actiontype dir'
  ).split(' '),
);

/** A value that could fetch something (an image in a style or an attribute): dropped. */
const FETCHES = /url\(|image\(|image-set\(/i;

/** A formula Temml built with something else than MathML in it (`\ref`'s link, an image). */
class Refused extends Error {}

/** The reason given for a refused formula (like Temml's own messages, in English). */
const REFUSED = 'it holds a link or an image';

const hyphenate = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function setStyle(element: MathMLElement, name: string, value: string): void {
  if (!value || FETCHES.test(value)) return;
  element.style.setProperty(name.startsWith('--') ? name : hyphenate(name.trim()), value.trim());
}

/** One node of Temml's tree appended to `parent`. */
function build(node: object, parent: Node): void {
  if (node instanceof TextNode) {
    parent.appendChild(document.createTextNode(node.text));
    return;
  }
  if (node instanceof DocumentFragment) {
    for (const child of node.children) build(child, parent);
    return;
  }
  if (!(node instanceof MathNode) || !ELEMENTS.has(node.type)) throw new Refused();
  const element = document.createElementNS(MATHML, node.type) as MathMLElement;
  for (const [name, value] of Object.entries(node.attributes)) {
    if (name === 'style') {
      // `\pmb` and a few others write a style attribute: parsed into CSSOM calls.
      for (const declaration of String(value).split(';')) {
        const colon = declaration.indexOf(':');
        if (colon > 0) setStyle(element, declaration.slice(0, colon), declaration.slice(colon + 1));
      }
    } else if (name === 'mathbackground' && value === 'black' && node.type === 'mspace') {
      // An uncoloured `\rule`: drawn in the text's colour, so it shows on a dark background too.
      element.style.setProperty('background-color', 'currentColor');
    } else if (ATTRIBUTES.has(name) && !FETCHES.test(String(value))) {
      element.setAttribute(name, String(value));
    }
  }
  for (const name of node.classes) if (/^[\w-]+$/.test(name)) element.classList.add(name);
  for (const [name, value] of Object.entries(node.style)) setStyle(element, name, String(value));
  for (const child of node.children) build(child, element);
  parent.appendChild(element);
}

/** Temml's message without its position and its underlined copy of the input, and without a final full stop. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .trim()
    .replace(/ at (?:position \d+|end of input):[\s\S]*$/, '')
    .replace(/\.+$/, '')
    .trim();
}

/**
 * `tex` as a `<math>` element (display math when `display`), with `aria-label` = its TeX (Chromium names a formula
 * by it, not by `alttext`); or the reason it is not typeset: Temml's message, or a refusal of anything not MathML.
 * `trust: false`, so no `\href`, `\url` or `\includegraphics`; sizes are bounded.
 */
export function typesetMath(tex: string, display: boolean): MathResult {
  let tree: object;
  try {
    tree = temml.__renderToMathMLTree(tex, {
      displayMode: display,
      trust: false,
      throwOnError: true,
      maxSize: [50, 600],
      maxExpand: 300,
      wrap: display ? 'none' : 'tex',
    });
  } catch (error) {
    return { error: reasonOf(error) };
  }
  const holder = document.createDocumentFragment();
  try {
    build(tree, holder);
  } catch (error) {
    if (error instanceof Refused) return { error: REFUSED };
    return { error: reasonOf(error) };
  }
  const math = holder.firstChild;
  if (!(math instanceof Element) || math.localName !== 'math' || holder.childNodes.length !== 1) {
    return { error: REFUSED };
  }
  math.setAttribute('aria-label', tex);
  return { node: math };
}
