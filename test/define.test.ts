import { expect } from '@open-wc/testing';
import type * as Definitions from '../components/definitions.js';
import type * as Entry from '../components/index.js';

// The entry is imported before define.js, so this file can tell whether importing the entry registered anything.
let entry: typeof Entry;
let defineModule: typeof Definitions;

const TAGS = [
  'agent-run',
  'run-controls',
  'service-chart',
  'diagnostic-card',
  'agent-artifact',
  'agent-artifacts',
  'signal-chart',
  'equipment-kb-card',
  'work-order-card',
  'correlation-matrix',
  'pattern-match',
  'bar-chart',
  'alert-banner',
  'kb-progress',
  'agent-chat',
  'agent-threads',
  'agent-launcher',
];
let unique = 0;
const freshTag = (base: string) => `${base}-${Date.now().toString(36)}-${(unique += 1)}`;

describe('define', () => {
  before(async () => {
    entry = await import('../components/index.js');
    defineModule = await import('../components/definitions.js');
  });

  it('registers nothing when the package entry is imported, and every tag once define.js is', async () => {
    expect(TAGS.map((tag) => customElements.get(tag))).to.deep.equal(TAGS.map(() => undefined));
    const define = await import('../components/define.js');
    expect(customElements.get('agent-run')).to.equal(entry.AgentRun);
    expect(customElements.get('run-controls')).to.equal(entry.RunControls);
    expect(customElements.get('service-chart')).to.equal(entry.ServiceChart);
    expect(customElements.get('diagnostic-card')).to.equal(entry.DiagnosticCard);
    expect(customElements.get('agent-chat')).to.equal(entry.AgentChat);
    expect(TAGS.map((tag) => define.tagName(tag))).to.deep.equal(TAGS);
    expect(document.createElement('run-controls')).to.be.instanceOf(entry.RunControls);
  });

  it('lists the provider first', () => {
    expect(defineModule.ELEMENTS.map((definition) => definition.tag)).to.deep.equal(TAGS);
  });

  it('reads one table of tags: define, the lazy groups and the artifact registry agree with it', async () => {
    const tags = await import('../src/tags.js');
    const { BUILTIN_ARTIFACTS } = await import('../src/artifacts/builtins.js');
    expect([...tags.ALL_TAGS]).to.deep.equal(TAGS);
    expect([
      ...tags.CORE_TAGS,
      ...tags.ARTIFACT_TAGS,
      ...tags.CHAT_TAGS,
      ...tags.THREAD_TAGS,
      ...tags.LAUNCHER_TAGS,
    ]).to.deep.equal(TAGS);
    const all: readonly string[] = tags.ALL_TAGS;
    for (const artifact of BUILTIN_ARTIFACTS)
      expect(all, artifact.component).to.include(artifact.tag);
    expect(entry.registeredTag).to.equal(entry.tagName);
  });

  it('is idempotent', () => {
    expect(() => entry.define()).not.to.throw();
    expect(entry.tagName('run-controls')).to.equal('run-controls');
  });

  it('registers a tag someone else holds as agui-<tag>, and tagName says so', async () => {
    const tag = freshTag('run-controls');
    customElements.define(tag, class extends HTMLElement {});
    const used = entry.defineAll([{ tag, element: class extends entry.RunControls {} }]);
    expect(used.get(tag)).to.equal(`agui-${tag}`);
    expect(entry.tagName(tag)).to.equal(`agui-${tag}`);
    const el = document.createElement(entry.tagName(tag));
    document.body.append(el);
    expect(el).to.be.instanceOf(entry.RunControls);
    await (el as InstanceType<typeof entry.RunControls>).updateComplete;
    expect(el.shadowRoot?.querySelector('button')?.textContent?.trim()).to.equal('Run');
    el.remove();
  });

  it('keeps the tag of an element registered before', () => {
    const tag = freshTag('diagnostic-card');
    const element = class extends entry.DiagnosticCard {};
    entry.defineAll([{ tag, element }]);
    expect(
      entry
        .defineAll([{ tag: freshTag('again'), element }])
        .values()
        .next().value,
    ).to.equal(tag);
  });

  it('says which tags are taken when neither the tag nor its fallback is free', () => {
    const tag = freshTag('service-chart');
    customElements.define(tag, class extends HTMLElement {});
    customElements.define(`agui-${tag}`, class extends HTMLElement {});
    expect(() => entry.defineAll([{ tag, element: class extends entry.ServiceChart {} }])).to.throw(
      `both <${tag}> and <agui-${tag}> are taken`,
    );
  });
});
