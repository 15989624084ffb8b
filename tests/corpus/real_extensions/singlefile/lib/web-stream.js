!function(){"use strict";void 0===globalThis.TransformStream&&(globalThis.TransformStream=class{}),void 0===globalThis.WritableStream&&(globalThis.WritableStream=class{})}();
