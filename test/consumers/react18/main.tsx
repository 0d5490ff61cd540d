// React 18 needs wrappers to set properties and listen to custom events: agui-elements/react.
import './taken.js';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';

createRoot(document.querySelector('#app')!).render(<App />);
