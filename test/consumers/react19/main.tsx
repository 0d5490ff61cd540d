// React 19 renders custom elements itself: agui-elements/jsx types every tag, property and event.
import { createRoot } from 'react-dom/client';
import { App } from './app.js';

createRoot(document.querySelector('#app')!).render(<App />);
