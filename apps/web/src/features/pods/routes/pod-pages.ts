/**
 * The pod page (with its tabs) and its events' pages: one lazy module for the router, since the
 * entry names every lazy module's chunks in every first load (e2e/first-load-budget.e2e.ts).
 */
export { PodEventRoute } from './pod-event-page';
export { PodPageRoute as Component } from './pod-page';
