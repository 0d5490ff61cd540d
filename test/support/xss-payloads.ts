// An XSS corpus for the chat: every payload calls the trap `xss()` (or `alert`) if it ever runs, or leaves a handler
// attribute or an unsafe URL in the DOM if it survives. Script tags, handler attributes, javascript:/data: URLs,
// SVG and MathML tricks, mutation XSS, markdown link and image forms, and template-marker confusion.

const SCRIPT_TAGS = [
  '<script>xss(1)</script>',
  '<SCRIPT>xss(2)</SCRIPT>',
  '<script src="data:text/javascript,xss(3)"></script>',
  '<script/src=data:,xss(4)></script>',
  '<scr<script>ipt>xss(5)</scr</script>ipt>',
  '<script\n>xss(6)</script\n>',
  '<<script>script>xss(7)<</script>/script>',
  '<script type="module">xss(8)</script>',
  '<script>/*</script><script>*/xss(9)</script>',
  '"><script>xss(10)</script>',
  "'><script>xss(11)</script>",
  '</textarea><script>xss(12)</script>',
  '</title><script>xss(13)</script>',
  '<template><script>xss(14)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=xss(15)>"></noscript>',
];

const HANDLERS = [
  '<img src=x onerror=xss(20)>',
  '<IMG SRC=x ONERROR=xss(21)>',
  '<img/src=x/onerror=xss(22)>',
  '<img src=x onerror\n=xss(23)>',
  '<img src=x onerror=&#x78;&#x73;&#x73;(24)>',
  '<img src="x" onerror="xss(25)" alt="a">',
  '<svg onload=xss(26)>',
  '<svg/onload=xss(27)>',
  '<body onload=xss(28)>',
  '<input autofocus onfocus=xss(29)>',
  '<select autofocus onfocus=xss(30)></select>',
  '<textarea autofocus onfocus=xss(31)></textarea>',
  '<details open ontoggle=xss(32)><summary>s</summary></details>',
  '<video><source onerror=xss(33)></video>',
  '<audio src=x onerror=xss(34)></audio>',
  '<iframe onload=xss(35)></iframe>',
  '<marquee onstart=xss(36)>m</marquee>',
  '<div onmouseover=xss(37)>hover</div>',
  '<a onclick=xss(38) href="https://example.com">click</a>',
  '<p onpointerenter=xss(39)>p</p>',
  '<style onload=xss(40)></style>',
  '<object data=x onerror=xss(41)></object>',
  '<img src=x:alert(alt) onerror=eval(src) alt=xss(42)>',
  '<img """><script>xss(43)</script>">',
  '<b onmouseenter=xss(44)>bold</b>',
  '<table background="javascript:xss(45)"><tr><td>t</td></tr></table>',
  '<td onclick=xss(46)>cell</td>',
  '<x onclick=xss(47)>custom</x>',
  '<button onclick=xss(48)>Approve</button>',
  '<form><button formaction=javascript:xss(49)>go</button></form>',
];

const JAVASCRIPT_URLS = [
  '<a href="javascript:xss(50)">link</a>',
  '<a href="JaVaScRiPt:xss(51)">link</a>',
  '<a href="&#106;avascript:xss(52)">link</a>',
  '<a href="java&#x09;script:xss(53)">link</a>',
  '<a href=" javascript:xss(54)">link</a>',
  '<a href="javascript&colon;xss(55)">link</a>',
  '<a href="vbscript:xss(56)">link</a>',
  '<iframe src="javascript:xss(57)"></iframe>',
  '<form action="javascript:xss(58)"><input type=submit></form>',
  '<object data="javascript:xss(59)"></object>',
  '<embed src="javascript:xss(60)">',
  '<a href="\u0001javascript:xss(61)">link</a>',
  '<a href="javascript\n:xss(62)">link</a>',
  '<base href="javascript:xss(63)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:xss(64)">',
  '<link rel="stylesheet" href="javascript:xss(65)">',
];

const DATA_URLS = [
  '<a href="data:text/html,<script>xss(70)</script>">data link</a>',
  '<iframe src="data:text/html;base64,PHNjcmlwdD5wYXJlbnQueHNzKDcxKTwvc2NyaXB0Pg=="></iframe>',
  '<img src="data:image/svg+xml,<svg onload=xss(72)>">',
  '<object data="data:text/html,<script>parent.xss(73)</script>"></object>',
  '<embed src="data:image/svg+xml,<svg onload=parent.xss(74)>">',
  '<iframe srcdoc="<script>parent.xss(75)</script>"></iframe>',
  '<a href="DATA:text/html,<script>xss(76)</script>">data</a>',
  '<img src="data:text/html,<script>xss(77)</script>" onerror=xss(78)>',
];

const SVG_TRICKS = [
  '<svg><script>xss(80)</script></svg>',
  '<svg><a xlink:href="javascript:xss(81)"><text x="20" y="20">x</text></a></svg>',
  '<svg><a href="javascript:xss(82)"><text>y</text></a></svg>',
  '<svg><animate onbegin=xss(83) attributeName=x dur=1s></svg>',
  '<svg><set attributeName=onload to=xss(84)></set></svg>',
  '<svg><foreignObject><img src=x onerror=xss(85)></foreignObject></svg>',
  '<svg><style><img src=x onerror=xss(86)></style></svg>',
  '<svg></p><style><a id="</style><img src=1 onerror=xss(87)>">',
  '<svg><use href="data:image/svg+xml,<svg id=x><image href=1 onerror=xss(88) /></svg>#x"></use></svg>',
  '<svg><animate attributeName=href values=javascript:xss(89) /><a><text>z</text></a></svg>',
];

const MATHML_TRICKS = [
  '<math><mtext><table><mglyph><style><img src=x onerror=xss(90)>',
  '<math><maction actiontype="statusline" xlink:href="javascript:xss(91)">m</maction></math>',
  '<math><mi xlink:href="javascript:xss(92)">i</mi></math>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=xss(93)>',
  '<math><mtext><option><FAKEFAKE><option></option><mglyph><svg><mtext><textarea><a title="</textarea><img src=x onerror=xss(94)>">',
  '<math href="javascript:xss(95)">click</math>',
  '<math><style><img src=x onerror=xss(96)></style></math>',
];

const MARKDOWN_FORMS = [
  '[link](javascript:xss(100))',
  '[link](JAVASCRIPT:xss(101))',
  '[link](  javascript:xss(102)  )',
  '[link](<javascript:xss(103)>)',
  '[link](javascript&#58;xss(104))',
  '[link](data:text/html,<script>xss(105)</script>)',
  '![image](javascript:xss(106))',
  '![image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9eHNzKDEwNyk+)',
  '![x" onerror="xss(108)](https://example.com/a.png)',
  '[ref][r]\n\n[r]: javascript:xss(109)',
  '<javascript:xss(110)>',
  '[link](vbscript:xss(111))',
  '[a](https://ok.example" onmouseover="xss(112))',
  '![](x"onerror="xss(113))',
  '[link](java\nscript:xss(114))',
  '[link](%6A%61%76%61%73%63%72%69%70%74:xss(115))',
  '[link](&#x6A;avascript:xss(116))',
  '**[bold link](javascript:xss(117))**',
  '| a |\n| - |\n| [cell](javascript:xss(118)) |',
  '- [item](javascript:xss(119))',
  '```html\n<script>xss(120)</script>\n```',
  '`<img src=x onerror=xss(121)>`',
  '> <img src=x onerror=xss(122)>',
  '# <svg onload=xss(123)>',
  '[![img](javascript:xss(124))](javascript:xss(125))',
];

const OTHER = [
  '<a href="#" style="background:url(javascript:xss(130))">style</a>',
  '<div style="x:expression(xss(131))">ie</div>',
  "<style>@import 'javascript:xss(132)';</style>",
  '<div foo$lit$="x">lit marker</div>',
  '<?lit$123456789$>',
  '<!--?lit$123$--><img src=x onerror=xss(133)>',
  "{{constructor.constructor('xss(134)')()}}",
  '${xss(135)}',
  "'';!--\"<XSS>=&{()}",
  '<a href="https://example.com" target="_self" rel="opener">tab</a>',
  '<img srcset="javascript:xss(136) 1x">',
  '<video poster="javascript:xss(137)"></video>',
  '<isindex action="javascript:xss(138)" type=image>',
  '<frameset onload=xss(139)>',
  '<div id="__proto__" name="innerHTML">clobber</div>',
  '<form id="test"><input name="attributes"></form>',
  // Text after an inline <pre> is raw to marked's lexer: an unclosed tag there must not become an element.
  'x <pre> <img src=x onerror=xss(140)',
];

/** Every payload, at least 100. */
export const XSS_PAYLOADS: readonly string[] = [
  ...SCRIPT_TAGS,
  ...HANDLERS,
  ...JAVASCRIPT_URLS,
  ...DATA_URLS,
  ...SVG_TRICKS,
  ...MATHML_TRICKS,
  ...MARKDOWN_FORMS,
  ...OTHER,
];

/** The payloads that are not markdown syntax: assistant markdown shows each exactly as the agent wrote it. */
export const RAW_PAYLOADS: readonly string[] = XSS_PAYLOADS.filter(
  (payload) => !MARKDOWN_FORMS.includes(payload),
);

/** The payloads that carry HTML, for the test that splits them across deltas. */
export const HTML_PAYLOADS: readonly string[] = XSS_PAYLOADS.filter((payload) =>
  payload.includes('<'),
);

const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'srcset',
  'action',
  'formaction',
  'data',
  'poster',
  'background',
  'srcdoc',
  'ping',
  'codebase',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'to',
  'values',
  'from',
  'by',
]);

/** Elements that must never come from an agent. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'base',
  'meta',
  'link',
  'style',
  'form',
  'input',
  'math',
  'foreignobject',
  'animate',
  'set',
  'use',
  'template',
  'noscript',
  'img',
  'video',
  'audio',
  'source',
  'isindex',
]);

function unsafeUrl(value: string): boolean {
  // Without the characters a URL parser drops or a browser ignores: controls, spaces, DEL to NBSP.
  const flat = [...value]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0xa0);
    })
    .join('')
    .toLowerCase();
  return /^(?:javascript|vbscript|data):/.test(flat) || /(?:javascript|vbscript):/.test(flat);
}

/**
 * What is wrong with one element: a handler attribute, an unsafe URL or style anywhere; inside agent content
 * (`agentContent`), also an element an agent must never produce.
 */
export function problemsOf(element: Element, agentContent: boolean): string[] {
  const problems: string[] = [];
  const tag = element.localName.toLowerCase();
  if (agentContent && FORBIDDEN_ELEMENTS.has(tag)) problems.push(`<${tag}> element`);
  for (const attribute of element.attributes) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith('on')) problems.push(`${name} on <${tag}>`);
    if (URL_ATTRIBUTES.has(name) && unsafeUrl(attribute.value)) {
      problems.push(`${name}="${attribute.value}" on <${tag}>`);
    }
    if (name === 'style' && /javascript:|expression\(|url\(/i.test(attribute.value)) {
      problems.push(`style="${attribute.value}" on <${tag}>`);
    }
    if (name.includes('$lit$')) problems.push(`${name} on <${tag}>`);
  }
  return problems;
}

/** Every element under a root, through every open shadow root. */
export function deepElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  const visit = (node: ParentNode) => {
    for (const element of node.querySelectorAll('*')) {
      found.push(element);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(root);
  return found;
}
