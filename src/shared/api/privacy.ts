// What the customer's data routes answer (src/api/privacy.ts); the results page's Your Data reads it.

/** What DELETE /api/profiles/:id (and the admin's erasure) answers. */
export interface ErasureAnswer {
  message: string;
  deleted_at: string;
}
