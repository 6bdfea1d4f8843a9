// A prerendered public page asks for the app's script only once its first contentful paint is on
// screen. With the script in <head>, a fast or cached download ran its evaluation and the hydration
// ahead of the first frame: a slow phone showed the page that much later (Lighthouse's LCP counted the
// whole script, see docs/decisions/042-public-pages-load-the-app-after-first-paint.md). The address
// rides on the element (data-entry), so the text, and the hash the CSP admits it by, is the same in
// every build. Where paint timing is unknown, or no paint comes within 3 s, the script loads anyway.
export const ENTRY_AFTER_PAINT_SCRIPT =
  `(function(){var src=document.currentScript.dataset.entry,done=false;` +
  `function load(){if(done)return;done=true;var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=src;document.head.appendChild(s)}` +
  `var P=window.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf('paint')<0)return load();` +
  `new P(function(list){if(list.getEntriesByName('first-contentful-paint').length)load()}).observe({type:'paint',buffered:true});` +
  `setTimeout(load,3000)})()`;
