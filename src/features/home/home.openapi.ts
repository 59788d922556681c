// GET /api/home in the OpenAPI document, its answer checked against the shared type.

import { z } from 'zod';
import type { HomeDashboard } from '../../shared/home.ts';
import { type ApiPaths, json, type Same, sameShape } from '../openapi/openapi.parts.ts';

const dashboardSchema = z
  .object({
    favoriteSites: z.array(z.object({ _id: z.string(), name: z.string(), url: z.string(), category: z.string(), chipClass: z.string() })),
    favoriteModels: z.array(
      z.object({ _id: z.string(), name: z.string(), ethnicity: z.string(), age: z.number().nullable(), picture: z.string().nullable(), chipClass: z.string() }),
    ),
    recentLinks: z.array(
      z.object({ _id: z.string(), name: z.string(), url: z.string(), category: z.string(), chipClass: z.string(), lastVisited: z.string() }),
    ),
  })
  .meta({ id: 'HomeDashboard' });
sameShape<Same<z.output<typeof dashboardSchema>, HomeDashboard>>();

export const homePaths: ApiPaths = {
  '/api/home': { get: { tags: ['Home'], summary: "The home dashboard's data", responses: { '200': json(dashboardSchema, 'Favourites and recent links') } } },
};
