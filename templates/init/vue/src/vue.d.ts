// tsc reads .ts files only: a `.vue` import is typed here as a component (xtk compiles the component itself; run
// vue-tsc to type-check the <script setup lang="ts"> inside it).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<Record<string, unknown>, Record<string, unknown>, unknown>;
  export default component;
}
