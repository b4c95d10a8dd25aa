import { preloadsFrom } from './failed-preloads';

const entry = (name: string, initiatorType: string) =>
  ({ name, initiatorType }) as unknown as PerformanceEntry;

describe("the remote's files a page preloaded", () => {
  it("are its preloaded scripts and styles on the remote's origin, each once, without the entry itself", () => {
    expect(
      preloadsFrom(
        'http://localhost:3002/remoteEntry.js',
        [
          entry('http://localhost:3002/remoteEntry.js', 'link'),
          entry('http://localhost:3002/viewer-app.0ce7e54f69.css', 'link'),
          entry('http://localhost:3002/viewer-app.127cf0ea95.js', 'link'),
          entry('http://localhost:3002/viewer-app.127cf0ea95.js', 'link'),
          // Asked for by the runtime, not preloaded: the runtime asks again itself.
          entry('http://localhost:3002/613.591d6859c1.js', 'script'),
          // Another origin's, and a picture.
          entry('http://localhost:3003/admin-app.1234567890.js', 'link'),
          entry('http://localhost:3002/assets/logo.png', 'link'),
        ],
        'http://localhost:3000/about',
      ),
    ).toEqual([
      'http://localhost:3002/viewer-app.0ce7e54f69.css',
      'http://localhost:3002/viewer-app.127cf0ea95.js',
    ]);
  });
});
