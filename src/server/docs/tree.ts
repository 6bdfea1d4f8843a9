// The page tree's shape questions, over a workspace's (id, parent) pairs: how deep a page sits, which
// pages lie under it, how tall its subtree is. A workspace holds at most PAGES_PER_WORKSPACE pages, so
// reading them all is cheaper than a recursive query that both engines would need written twice.
export interface Node {
  id: string;
  parent_id: string | null;
}

function childrenOf(nodes: Node[]): Map<string | null, string[]> {
  const children = new Map<string | null, string[]>();
  for (const node of nodes) children.set(node.parent_id, [...(children.get(node.parent_id) ?? []), node.id]);
  return children;
}

// 1 for a top-level page.
export function depthOf(nodes: Node[], id: string): number {
  const parent = new Map(nodes.map((node) => [node.id, node.parent_id]));
  let depth = 0;
  for (let at: string | null | undefined = id; at != null; at = parent.get(at)) depth += 1;
  return depth;
}

// The page and every page under it.
export function subtreeOf(nodes: Node[], id: string): string[] {
  const children = childrenOf(nodes);
  const found: string[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const at = stack.pop()!;
    found.push(at);
    stack.push(...(children.get(at) ?? []));
  }
  return found;
}

// Levels from the page down to its deepest sub-page (1 for a page without sub-pages).
export function heightOf(nodes: Node[], id: string): number {
  const children = childrenOf(nodes);
  const height = (at: string): number => 1 + Math.max(0, ...(children.get(at) ?? []).map(height));
  return height(id);
}
