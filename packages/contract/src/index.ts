export const hello = 1;
