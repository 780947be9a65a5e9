import { useProductList, type ListQuery } from '@/queries/products';

/** A product list as the screens read it: its status, source and count, then its names in order. */
export function ListProbe({ query }: { query: ListQuery }) {
  const list = useProductList(query);
  return (
    <div>
      <p>{`${list.status} ${list.source} ${list.count}`}</p>
      <ul>
        {list.products.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
    </div>
  );
}
