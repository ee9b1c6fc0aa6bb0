/** The lines' column heads, shared by the manager's page and the client's (one table layout in offers.css). */
export function OfferLinesHead() {
  return (
    <thead>
      <tr>
        <th scope="col">
          <span className="visually-hidden">Фото</span>
        </th>
        <th scope="col">Товар</th>
        <th scope="col">Артикул</th>
        <th scope="col" className="num">
          Кол-во
        </th>
        <th scope="col" className="num">
          Цена за шт.
        </th>
        <th scope="col" className="num">
          Нанесение
        </th>
        <th scope="col" className="num">
          Сумма
        </th>
      </tr>
    </thead>
  );
}
