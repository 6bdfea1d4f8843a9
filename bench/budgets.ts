// product rules B: the numbers the bench holds the build to.
export const budgets = {
  landingJsKb: 90,
  landingCssKb: 25,
  lighthousePerformance: 100,
  // Largest contentful paint of the landing and pricing pages, Lighthouse's mobile run (slow 4G, 4× CPU).
  landingLcpMs: 1200,
  lighthouseOther: 100,
  currentUserRatio: 0.5,
  currentUserP99Ms: 10,
  signInOverheadPct: 10,
  coldStartMs: 500,
  idleRssMb: 100,
  afterLoadRssMb: 150,
  // B6/B7: a page of 50 tasks, and a move's 2xx to its event on another live stream.
  taskListRatio: 0.3,
  taskListP99Ms: 20,
  liveP95Ms: 300,
  // B5: a board of 1,000 tasks.
  boardFirstRenderMs: 300,
  boardMoveMs: 50,
  // B6: a page of 50 tasks through /api/v1 with a key.
  publicApiRatio: 0.3,
  publicApiP99Ms: 20,
  publicApiLimitOverheadPct: 10,
  // AI task creation: the parser on 200 lines of notes.
  aiParse200LinesMs: 20,
  // B8: webhooks lost across a SIGKILL.
  webhooksLost: 0,
  // Webhook deliveries a second from one instance to a receiver on this machine: the worker's own pace,
  // with every attempt recorded and the fairness caps kept.
  webhookDeliveriesPerSecond: 1000,
  // The full board of 1,000 tasks against Planka 2.1.1 on the same machine (issue 37's side-by-side run):
  // its median load, and the PostgreSQL CPU it spent per board. Ours on PostgreSQL within 2× SQLite's.
  fullBoardPlankaMs: 137.5,
  fullBoardPlankaDatabaseCpuMs: 13.5,
  // Search over 100k tasks and 300k comments, a calendar month of 2,000 tasks, analytics of a
  // year of 50,000 tasks, the iCalendar feed of 2,000 tasks (data time, each engine).
  searchP99Ms: 50,
  calendarMonthP99Ms: 20,
  analyticsYearMs: 200,
  feedP99Ms: 50,
  // Notifications: a comment mentioning 10 members on a task with 50 followers (its commit), the mention
  // on the mentioned person's open bell stream (also across two instances on PostgreSQL), and the bell
  // list of 50 with 10,000 notifications in the table.
  mentionCommentP95Ms: 20,
  notificationLiveP95Ms: 300,
  bellListP99Ms: 10,
  // The client dashboard of 1,000 clients, 5,000 projects and 50,000 tasks: its data (SQLite) and the
  // page painted.
  dashboardDataP99Ms: 30,
  dashboardPaintMs: 500,
  // The ⌘K palette's first results after the keystroke, and a calendar month painted.
  searchPaintMs: 150,
  calendarMonthPaintMs: 300,
  // AI Mode: the first proposal from a streaming model painted after its first token.
  aiFirstProposalPaintMs: 200,
  // Team chat: a Slack export of 50,000 messages imported (start to done, on the embedded database).
  slackImport50kMs: 60_000,
  // Team chat: a message from its POST to another member with the channel open having it (on SQLite, and
  // across two instances on PostgreSQL); one message reaching 500 members with the channel open, and the
  // server's memory with their 500 live connections; a channel of 100,000 messages opened to its latest
  // page painted, and scrolled back a page (the server's time for the `?before` read).
  chatSendP95Ms: 150,
  chatSendPairP95Ms: 300,
  chatFanOutP95Ms: 500,
  chatFanOutRssMb: 300,
  chatOpenPaintMs: 300,
  chatScrollBackMs: 50,
  // Docs: a keystroke in one browser painted in another's (one instance; two instances with Redis between
  // them), a page of 20,000 words opened to editable, and edits lost while 50 people edit one page.
  docsKeystrokeP95Ms: 100,
  docsKeystrokePairP95Ms: 250,
  docsLongPageOpenMs: 1000,
  docsUpdatesLost: 0,
} as const;
