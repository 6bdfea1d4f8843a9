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
  // B5: a board of 1,000 tasks.
  boardFirstRenderMs: 300,
  boardMoveMs: 50,
} as const;
