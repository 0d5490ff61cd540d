// React comes from this app's own install (React 19 here, React 18 beside it), agui-elements' wrappers included.
import { defineConfig } from 'vite';

export default defineConfig({ logLevel: 'warn', resolve: { dedupe: ['react', 'react-dom'] } });
