// The verbs a task starts with ("Fix the login bug", "Send Ana the deck"): what tells an action line
// from a note when no model reads the text. Lower case, the bare imperative form.
export const ACTION_VERBS: ReadonlySet<string> = new Set(
  `add adjust align analyse analyze announce answer approve archive arrange ask assess assign attach audit automate
  back backup book brief bring build buy calculate call cancel change check choose clarify clean cleanup clear close
  collect come commit communicate compare compile complete configure confirm connect consider contact continue convert
  coordinate copy correct create cut debug decide define delete deliver demo deploy design determine develop discuss
  document double-check download draft drop edit email enable ensure escalate estimate evaluate explain explore export
  extend figure file fill finalise finalize find finish fix follow gather get give go handle help hire host identify
  implement import improve include inform install integrate interview introduce investigate invite invoice label launch
  lead learn list load locate log look make manage map mark measure meet mention merge migrate monitor move negotiate
  note notify onboard open order organise organize outline pay pick ping plan post prepare present print prioritise
  prioritize process produce promote propose prototype provide publish pull purchase push put raise reach read rebuild
  recheck record reduce refactor refresh register release reload remind remove rename renew reorganise reorganize repair
  replace reply report request research reschedule reserve resolve respond restart restore resubmit review revise
  rewrite roll run save schedule scope secure select send set setup share ship sign simplify sketch sort source split
  start study submit summarise summarize support sync take talk test tell think tidy track train transfer translate
  triage try turn update upgrade upload validate verify visit wrap write`.split(/\s+/),
);

// "Ana will send…", "Ben to review…", "we need to ship…": the verb follows one of these.
export const VERB_LEADS = ['will', 'to', 'should', 'must', 'needs to', 'need to', 'has to', 'have to', 'can', 'please'] as const;
