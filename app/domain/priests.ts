export const PRIEST_PAGE_SIZE = 20;
