// One React component per element (@lit/react), rendering the tag the element was actually registered under.
import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';
import * as React from 'react';
import { tagName } from '../tag-registry.js';

type EventNames = Record<string, EventName | string>;

/**
 * The tag to render for `element`: where the page registered it (`agui-<base>` when `base` was taken, also when a
 * script-tag bundle did it), else `base` (before `define()`, and on a server).
 */
function registeredTag(base: string, element: CustomElementConstructor): string {
  if (typeof customElements === 'undefined') return base;
  return customElements.getName(element) ?? tagName(base);
}

/** A React component for the element of `base` tag; `events` maps `onRunEnd`-style props to event names. */
export function wrap<I extends HTMLElement, E extends EventNames>(
  base: string,
  elementClass: new () => I,
  events: E,
): ReactWebComponent<I, E> {
  // A class's own name does not survive minification: name the component after its tag.
  const displayName = base.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) =>
    letter.toUpperCase(),
  );
  const byTag = new Map<string, ReactWebComponent<I, E>>();
  const componentFor = (tag: string): ReactWebComponent<I, E> => {
    let component = byTag.get(tag);
    if (!component) {
      component = createComponent({
        react: React,
        tagName: tag,
        elementClass,
        events,
        displayName,
      });
      byTag.set(tag, component);
    }
    return component;
  };
  // Typed on the way out: the props pass through unchanged to the @lit/react component of the same types.
  const Wrapper = React.forwardRef<I, Record<string, unknown>>((props, ref) =>
    React.createElement(componentFor(registeredTag(base, elementClass)) as React.ElementType, {
      ...props,
      ref,
    }),
  );
  Wrapper.displayName = displayName;
  return Wrapper as unknown as ReactWebComponent<I, E>;
}
