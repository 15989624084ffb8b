export * from "./GitAttributes";
