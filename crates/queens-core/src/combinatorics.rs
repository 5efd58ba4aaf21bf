//! Exact counting helpers shared by the solvers' workload estimates.

/// The binomial coefficient `C(n, k)`, or `None` when it does not fit in 128
/// bits.
pub fn binomial(n: u128, k: u128) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut value: u128 = 1;
    for i in 0..k {
        // value * (n - i) / (i + 1) is exact at every step because the running
        // value is C(n, i) and C(n, i) * (n - i) = C(n, i + 1) * (i + 1).
        // Dividing by the gcd first keeps the product from overflowing early.
        let numerator = n - i;
        let denominator = i + 1;
        let common = gcd(value, denominator);
        let reduced_value = value / common;
        let reduced_denominator = denominator / common;
        value = reduced_value.checked_mul(numerator / reduced_denominator)?;
    }
    Some(value)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_of_the_naive_solver() {
        assert_eq!(binomial(0, 0), Some(1));
        assert_eq!(binomial(16, 4), Some(1820));
        assert_eq!(binomial(49, 7), Some(85_900_584));
        assert_eq!(binomial(64, 8), Some(4_426_165_368));
        assert_eq!(binomial(81, 9), Some(260_887_834_350));
        assert_eq!(binomial(3, 5), Some(0));
        assert_eq!(binomial(10_000, 100), None);
    }
}
