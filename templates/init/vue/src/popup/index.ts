// The popup, in Vue 3: Popup.vue is compiled by xtk with this project's vue (see package.json).
import { createApp } from 'vue';
import Popup from './Popup.vue';

createApp(Popup).mount('#root');
