-- Bit-sliced index arithmetic for the facet bitmaps (api/catalog/facet-bitmaps.ts). A numeric value
-- of every group of a scope (card price in kopecks, total stock) is kept as bit slices: slice i =
-- bitmap of the groups whose value has bit i set, slices[1] = bit 0. `scope` = the scope's "every
-- group" bitmap, so padding bits stay zero.

-- Groups whose value is >= c (O'Neil & Quass: one pass over the slices, high bit first).
CREATE OR REPLACE FUNCTION facet_bsi_ge(slices bit varying[], c bigint, scope bit varying) RETURNS bit varying
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  k int := coalesce(array_length(slices, 1), 0);
  gt bit varying := scope # scope;
  eq bit varying := scope;
BEGIN
  IF c <= 0 THEN RETURN scope; END IF;
  IF k < 62 AND c >= (1::bigint << k) THEN RETURN gt; END IF;
  FOR i IN REVERSE k - 1 .. 0 LOOP
    IF ((c >> i) & 1) = 1 THEN
      eq := eq & slices[i + 1];
    ELSE
      gt := gt | (eq & slices[i + 1]);
      eq := eq & ~slices[i + 1];
    END IF;
  END LOOP;
  RETURN gt | eq;
END $$;--> statement-breakpoint

-- Smallest value among the groups of `mask` (NULL when the mask is empty).
CREATE OR REPLACE FUNCTION facet_bsi_min(slices bit varying[], mask bit varying) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  k int := coalesce(array_length(slices, 1), 0);
  m bit varying := mask;
  t bit varying;
  result bigint := 0;
BEGIN
  IF bit_count(mask) = 0 THEN RETURN NULL; END IF;
  FOR i IN REVERSE k - 1 .. 0 LOOP
    t := m & ~slices[i + 1];
    IF bit_count(t) > 0 THEN m := t; ELSE result := result | (1::bigint << i); END IF;
  END LOOP;
  RETURN result;
END $$;--> statement-breakpoint

-- Largest value among the groups of `mask` (NULL when the mask is empty).
CREATE OR REPLACE FUNCTION facet_bsi_max(slices bit varying[], mask bit varying) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  k int := coalesce(array_length(slices, 1), 0);
  m bit varying := mask;
  t bit varying;
  result bigint := 0;
BEGIN
  IF bit_count(mask) = 0 THEN RETURN NULL; END IF;
  FOR i IN REVERSE k - 1 .. 0 LOOP
    t := m & slices[i + 1];
    IF bit_count(t) > 0 THEN m := t; result := result | (1::bigint << i); END IF;
  END LOOP;
  RETURN result;
END $$;
