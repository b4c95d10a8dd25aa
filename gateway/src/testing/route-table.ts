import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { accessOf, type RouteAccess } from '../auth/access';

export interface RouteEntry {
  method: string;
  path: string;
  access: RouteAccess | undefined;
  /** Controller.method, to name a culprit. */
  handler: string;
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? (value as string[]) : [String(value ?? '')];

function join(...parts: string[]): string {
  const path = `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
  return path;
}

/** Methods of a class and its ancestors, nearest first. */
function methodsOf(prototype: object): Array<[string, object]> {
  const seen = new Map<string, object>();
  for (
    let p: object | null = prototype;
    p && p !== Object.prototype;
    p = Object.getPrototypeOf(p) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(p)) {
      const value = (p as Record<string, unknown>)[name];
      if (name !== 'constructor' && typeof value === 'function' && !seen.has(name)) seen.set(name, value);
    }
  }
  return [...seen];
}

/** Every route of every controller Nest knows, with the access it declares, read from Nest's own metadata. */
export function declaredRoutes(app: INestApplication, globalPrefix: string): RouteEntry[] {
  const routes = new Map<string, RouteEntry>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      for (const base of asList(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const [name, handler] of methodsOf(controller.prototype as object)) {
          const paths: unknown = Reflect.getMetadata(PATH_METADATA, handler);
          if (paths === undefined) continue;
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
          for (const path of asList(paths)) {
            const full = join(globalPrefix, base, path);
            routes.set(`${method} ${full}`, {
              method,
              path: full,
              access: accessOf(handler, controller),
              handler: `${controller.name}.${name}`,
            });
          }
        }
      }
    }
  }
  return [...routes.values()].sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
}

/** A concrete URL for a route pattern: parameters get a well-formed stand-in value. */
export function concretePath(pattern: string): string {
  return pattern
    .replace(/:([A-Za-z_]*[Ii]d)\b/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:[A-Za-z_]+/g, 'x')
    .replace(/\*/g, 'x');
}
