export enum QueryKeys {
  GithubUser = "GithubUser",
}
