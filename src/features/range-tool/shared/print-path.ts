/** Where a saved chart, folder or tournament is laid out for paper, `perPage` charts a page (1 or 4). */
export const printPath = (id: number, perPage: 1 | 4 = 1) => `/print/${id}?per_page=${perPage}`;
