// product rules B: the numbers the bench holds the build to.
export const budgets = {
  landingJsKb: 90,
  landingCssKb: 25,
  lighthousePerformance: 95,
  lighthouseOther: 100,
  currentUserRatio: 0.5,
  currentUserP99Ms: 10,
  signInOverheadPct: 10,
  coldStartMs: 500,
  idleRssMb: 100,
  afterLoadRssMb: 150,
  // B6/B7, issue 16: a page of 50 tasks, and a move's 2xx to its event on another live stream.
  taskListRatio: 0.3,
  taskListP99Ms: 20,
  liveP95Ms: 300,
  // B5: a board of 1,000 tasks.
  boardFirstRenderMs: 300,
  boardMoveMs: 50,
  // B6 (issue 17): a page of 50 tasks through /api/v1 with a key.
  publicApiRatio: 0.3,
  publicApiP99Ms: 20,
  publicApiLimitOverheadPct: 10,
} as const;
