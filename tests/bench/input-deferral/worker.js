/* global self */
// Busy for the number of milliseconds asked, then answers on the route asked: a stand-in for a short equity job.
const answers = new BroadcastChannel('input-deferral-answers');
self.onmessage = (event) => {
  const { ms, route } = event.data;
  const started = performance.now();
  while (performance.now() - started < ms) {
    // spin
  }
  if (route === 'channel') answers.postMessage(ms);
  else self.postMessage(ms);
};
