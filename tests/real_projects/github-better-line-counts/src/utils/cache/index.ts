export { createKeyValueCache } from "./createKeyValueCache";
