/** A saved graph as an OpenAI model object (id = graph name). */
export function modelObject(g: { name: string; createdAt: Date }) {
  return { id: g.name, object: 'model' as const, created: Math.floor(g.createdAt.getTime() / 1000), owned_by: 'switchyard' };
}
