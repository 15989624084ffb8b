export * from "./service";
export * from "./api";
export * as Github from "./types";
