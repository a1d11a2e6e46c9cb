/** One evaluation query: what a devotee types, and the TempleName of the seed temple they mean. */
export type EvalQuery = readonly [query: string, templeName: string];
