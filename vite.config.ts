// `npm start`: the demo page served from demo/, with the fixture AG-UI endpoint and data routes mounted.
import { defineConfig } from 'vite';
import { agentAnalysisPlugin } from './demo/server/vite-plugin.js';

export default defineConfig({
  root: 'demo',
  plugins: [agentAnalysisPlugin()],
});
