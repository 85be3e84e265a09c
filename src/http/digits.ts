/**
 * 262144 as 262,144, for the limits problem details and the kits quote. Not toLocaleString: its
 * first call loads ICU's number formatting (10-13 ms), which a function would pay at start.
 */
export const withThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
