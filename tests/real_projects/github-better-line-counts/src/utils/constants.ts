export const DEFAULT_CUSTOM_LIST_ALL = `*.lock
*.lock.*
*-lock*`;

export const GREY_COLOR = "var(--color-fg-muted, var(--fgColor-muted))";
export const DIFF_COMPONENT_ID = "github-better-line-counts";
