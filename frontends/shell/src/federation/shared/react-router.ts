// The router the shell lends every remote (frontends/rspack.base.mjs, `slimShared`): react-router's
// declarative API, without its data routers and server rendering, which no app of Chitram uses. A shared
// package would be sent whole; this entry is tree-shaken to what is named here. An app that starts
// using another export adds it here (shared-singletons.spec.ts fails until it does).
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  resolvePath,
  Route,
  Router,
  Routes,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from '@chitram/federation-source/react-router';
export type {
  LinkProps,
  Location,
  NavigateFunction,
  NavigateOptions,
  NavLinkProps,
  Params,
  SetURLSearchParams,
  To,
} from '@chitram/federation-source/react-router';
