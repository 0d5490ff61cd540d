// Vue 3: the elements are registered before the app mounts, so Vue sets `:strings` as a property.
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
