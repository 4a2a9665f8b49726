/** The shells adcli writes completions for: `adcli completion <shell>` offers these choices. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export type Shell = (typeof SHELLS)[number];
