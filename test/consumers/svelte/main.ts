// Svelte 5: the elements are registered before the app mounts, so Svelte sets `strings` as a property.
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.querySelector('#app')! });
