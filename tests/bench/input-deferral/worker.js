/* global self */
// Busy for the number of milliseconds asked, then answers: a stand-in for a short equity job.
self.onmessage = (event) => {
  const started = performance.now();
  while (performance.now() - started < event.data) {
    // spin
  }
  self.postMessage(event.data);
};
