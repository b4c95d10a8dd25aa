import { parseManifest } from './manifest';

describe('runtime manifest (/remotes.json)', () => {
  it('reads the entry of every remote', () => {
    expect(
      parseManifest({
        viewer: 'http://localhost:3002/remoteEntry.js',
        admin: 'http://localhost:3003/remoteEntry.js',
        extra: 'ignored',
      }),
    ).toEqual({
      viewer: 'http://localhost:3002/remoteEntry.js',
      admin: 'http://localhost:3003/remoteEntry.js',
    });
  });

  it('names the remote whose entry is missing', () => {
    expect(() => parseManifest({ viewer: 'http://v/remoteEntry.js' })).toThrow(/"admin"/);
    expect(() => parseManifest(null)).toThrow(/not a JSON object/);
  });
});
