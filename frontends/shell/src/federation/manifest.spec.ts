import { parseManifest, remoteAt } from './manifest';

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

  it('names the remote that shows a path, as the routes do', () => {
    expect(remoteAt('/')).toBe('viewer');
    expect(remoteAt('/movie/kaala-patthar/play')).toBe('viewer');
    expect(remoteAt('/admin')).toBe('admin');
    expect(remoteAt('/admin/movies/upload')).toBe('admin');
    expect(remoteAt('/adminupload')).toBe('admin');
    expect(remoteAt('/administration')).toBe('viewer');
  });
});
