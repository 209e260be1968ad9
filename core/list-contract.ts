/**
 * Set to `true` on a list answer whose Content-Range total is the planner's estimate of a large
 * set, not a count (server/resources/totals.ts): pages past it may be empty, or more may follow.
 */
export const TOTAL_ESTIMATED_HEADER = 'X-Total-Estimated';
