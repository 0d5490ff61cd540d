// Types for the web-components renderer's preview annotations, which the package ships without declarations.
declare module '@storybook/web-components/entry-preview' {
  import type { WebComponentsRenderer } from '@storybook/web-components';
  import type { ArgsStoryFn, Parameters, RenderToCanvas } from 'storybook/internal/types';

  export const parameters: Parameters;
  export const render: ArgsStoryFn<WebComponentsRenderer>;
  export const renderToCanvas: RenderToCanvas<WebComponentsRenderer>;
}
