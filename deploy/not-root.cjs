// Preloaded into every app of the images (NODE_OPTIONS=--require): an app started as root stops at
// once, saying why, instead of running with the power to rewrite its own image (issue 24). The images
// run as their own user (uid 10001); `docker run --user 0` or a pod without runAsNonRoot is refused.
'use strict';

if (typeof process.getuid === 'function' && process.getuid() === 0) {
  process.stderr.write(
    'chitram: refusing to run as root (uid 0); run the image as its own user (10001), as its USER says\n',
  );
  process.exit(78);
}
