// Projects whose jest tests run from the workspace root.
module.exports = {
  backendProjects: [
    'libs/contracts',
    'libs/nest-kit',
    'libs/test-helpers',
    'gateway',
    'services/auth',
    'services/catalog',
    'services/billing',
    'services/media',
    'services/users',
    'deploy',
    'frontends/shell',
    'frontends/viewer',
    'frontends/admin',
  ],
};
