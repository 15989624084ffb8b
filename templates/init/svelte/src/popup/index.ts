// The popup, in Svelte: Popup.svelte is compiled by xtk with this project's svelte (see package.json).
import { mount } from 'svelte';
import Popup from './Popup.svelte';

const root = document.getElementById('root');
if (!root) throw new Error('popup: #root is missing from index.html');
mount(Popup, { target: root });
