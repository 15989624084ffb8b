declare module "*.vue" {
  const Component: import("vue").DefineComponent;
  export default Component;
}
