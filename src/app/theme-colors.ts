/** Page background of each theme: the browser chrome (meta theme-color) and the manifest use it. */
export const THEME_COLORS = { dark: '#0b1220', light: '#f6f7fb' } as const;
