/**
 * Delivery addresses (§7 profile/shipmentaddress/list and /update, ADR 035). §7 has one update call
 * without an id in its path, so it replaces the caller's whole list: an entry with an id edits that
 * address (it must be the caller's: another's id is a 404 and nothing changes), an entry without one
 * is created, an address left out is deleted. At most MAX_SHIPMENT_ADDRESSES, exactly one default
 * when the list is not empty (none marked → the first). The one-line `address` is built here from
 * the parts (contract shipmentAddressLine).
 */
import { sql } from "drizzle-orm";
import { shipmentAddressLine, type ShipmentAddress, type ShipmentAddressUpdateRequest } from "../../contract/index";
import type { z } from "zod";
import { queryRows, type Db } from "../db/client";
import { HttpError } from "../http/errors";
import { lockUser } from "../auth/user-lock";

type UpdateBody = z.output<typeof ShipmentAddressUpdateRequest>;

export const ADDRESS_NOT_FOUND = "Адрес не найден: обновите страницу";
export const ADDRESS_TWICE = "Этот адрес указан в списке дважды";

const ROW = sql`id, address, city, street, house, flat, postcode, comment, is_default AS "isDefault"`;

const blankToNull = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === "" ? null : value.trim());

export function createAddressService(db: Db) {
  async function list(executor: Pick<Db, "execute">, userId: number): Promise<ShipmentAddress[]> {
    return queryRows<ShipmentAddress>(executor, sql`SELECT ${ROW} FROM shipment_addresses WHERE user_id = ${userId} ORDER BY id`);
  }

  return {
    list: (userId: number) => list(db, userId),

    async replace(userId: number, body: UpdateBody): Promise<ShipmentAddress[]> {
      const seen = new Set<number>();
      body.addresses.forEach((a, i) => {
        if (a.id === undefined) return;
        if (seen.has(a.id)) throw new HttpError(400, ADDRESS_TWICE, [{ field: `addresses.${i}.id`, message: ADDRESS_TWICE }]);
        seen.add(a.id);
      });
      const anyDefault = body.addresses.some((a) => a.isDefault);
      return db.transaction(async (tx) => {
        // One replace per user at a time: the user row is the lock (also when the list is empty).
        await lockUser(tx, userId);
        const owned = new Set(
          (await queryRows<{ id: number }>(tx, sql`SELECT id FROM shipment_addresses WHERE user_id = ${userId}`)).map((r) => r.id),
        );
        body.addresses.forEach((a, i) => {
          // Another user's address and one that does not exist read the same (no enumeration).
          if (a.id !== undefined && !owned.has(a.id)) throw new HttpError(404, ADDRESS_NOT_FOUND, [{ field: `addresses.${i}.id`, message: ADDRESS_NOT_FOUND }]);
        });
        const keep = [...seen];
        await tx.execute(
          keep.length
            ? sql`DELETE FROM shipment_addresses WHERE user_id = ${userId} AND NOT (id = ANY(${`{${keep.join(",")}}`}::int[]))`
            : sql`DELETE FROM shipment_addresses WHERE user_id = ${userId}`,
        );
        for (const [i, a] of body.addresses.entries()) {
          const flat = blankToNull(a.flat);
          const postcode = blankToNull(a.postcode);
          const comment = blankToNull(a.comment);
          const isDefault = anyDefault ? a.isDefault : i === 0;
          const address = shipmentAddressLine({ postcode, city: a.city, street: a.street, house: a.house, flat });
          if (a.id === undefined) {
            await tx.execute(sql`INSERT INTO shipment_addresses (user_id, address, city, street, house, flat, postcode, comment, is_default)
              VALUES (${userId}, ${address}, ${a.city}, ${a.street}, ${a.house}, ${flat}, ${postcode}, ${comment}, ${isDefault})`);
          } else {
            await tx.execute(sql`UPDATE shipment_addresses SET address = ${address}, city = ${a.city}, street = ${a.street},
              house = ${a.house}, flat = ${flat}, postcode = ${postcode}, comment = ${comment}, is_default = ${isDefault}
              WHERE id = ${a.id} AND user_id = ${userId}`);
          }
        }
        return list(tx, userId);
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
