//! Inputs found by the fuzzers (`fuzz/`) on polygons, minimised, as
//! plain tests.

/// Found by the `shapes` target (f32): a polygon whose first vertex is a
/// spike far below the rest. Its two edges turn clockwise by a sine of only
/// 1.8e-4, which an angle slack accepted, but the dent is about 0.15 units
/// deep: the polygon is not convex and its logarithmic support search
/// returned a point 30 units short. It must be rejected.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 inputs the fuzzer found
fn polygon_with_a_long_thin_dent_is_rejected() {
    let p = |x: f32, y: f32| gjk::nalgebra::Vector2::new(x, y);
    let vertices = [
        p(39.16787338256836, -853.6849975585938),
        p(15.498156547546387, 4.998615741729736),
        p(15.439363479614258, 5.413110256195068),
        p(15.369486808776855, 5.825880527496338),
        p(-4.990860462188721, 17.818201065063477),
        p(-13.936907768249512, -4.0525031089782715),
        p(8.991316795349121, -9.767046928405762),
        p(10.306680679321289, -8.731915473937988),
        p(15.245614051818848, -0.4105445146560669),
        p(15.331826210021973, -0.0008745286613702774),
        p(15.524219512939453, 1.2399274110794067),
        p(15.56611442565918, 1.6564691066741943),
        p(15.596835136413574, 2.073983669281006),
        p(15.61635971069336, 2.492171287536621),
        p(15.624673843383789, 2.9107320308685303),
        p(15.621770858764648, 3.3293650150299072),
        p(15.607653617858887, 3.747770071029663),
    ];
    assert_eq!(
        gjk::hull::Polygon::new(&vertices).err(),
        Some(gjk::ShapeError::NotConvex)
    );
}

/// Found by the `shapes` target (f32): a small circle of vertices around
/// (0, 1) with a spike to (0, 9.19) spliced in at its right side. Where the
/// spike comes back, the polygon doubles back onto the circle: a right turn
/// of almost 180° whose vertex lies within rounding of the spike's edge
/// line, which the convexity check forgave as rounding. The half turns
/// cancel, so the total turning passed too, and the logarithmic support
/// search missed the spike by 0.72. A right turn that doubles back is a
/// dent: the polygon must be rejected.
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 inputs the fuzzer found
fn polygon_that_doubles_back_is_rejected() {
    let p = |x: f32, y: f32| gjk::nalgebra::Vector2::new(x, y);
    let vertices = [
        p(-0.0006428739870898426, 9.194963455200195),
        p(0.07809296995401382, 1.0061432123184204),
        p(0.07808834314346313, 1.0062992572784424),
        p(0.07808340340852737, 1.0064553022384644),
        p(0.07807815074920654, 1.0066113471984863),
        p(0.07807259261608124, 1.0067673921585083),
        p(0.07806672155857086, 1.0069234371185303),
        p(0.07704419642686844, 1.0168564319610596),
        p(0.07476303726434708, 1.0265779495239258),
        p(0.06659380346536636, 1.0447570085525513),
        p(0.054090674966573715, 1.0602774620056152),
        p(0.03806734085083008, 1.0721293687820435),
        p(0.019566597416996956, 1.0795413255691528),
        p(-0.00020753192075062543, 1.082031011581421),
        p(-0.019968155771493912, 1.0794363021850586),
        p(-0.03842925652861595, 1.0719261169433594),
        p(-0.05438939854502678, 1.059989333152771),
        p(-0.06680990010499954, 1.0444025993347168),
        p(-0.07488243281841278, 1.026180386543274),
        p(-0.0780816450715065, 1.0065085887908936),
        p(-0.07619933784008026, 0.9866674542427063),
        p(-0.06935799866914749, 0.9679481387138367),
        p(-0.05800286680459976, 0.9515690207481384),
        p(-0.04287293180823326, 0.9385960102081299),
        p(-0.0249528419226408, 0.9298733472824097),
        p(-0.005408830475062132, 0.9259687066078186),
        p(0.014487186446785927, 0.927136242389679),
        p(0.03344038128852844, 0.9332998991012573),
        p(0.050217289477586746, 0.9440585970878601),
        p(0.06372607499361038, 0.9587122201919556),
        p(0.07308758795261383, 0.9763069748878479),
        p(0.07601097226142883, 0.985854983329773),
        p(0.07769259065389633, 0.9956979155540466),
        p(0.07810498028993607, 1.005674958229065),
    ];
    assert_eq!(
        gjk::hull::Polygon::new(&vertices).err(),
        Some(gjk::ShapeError::NotConvex)
    );
}

/// Found by the `shapes` target (f32): a polygon of 48 vertices, a round
/// end of radius 0.004 near x = 19.39 with a straight side of 26 vertices
/// a few ulps apart, whose directions zig-zag by 0.08 rad from one edge to
/// the next (right turns within rounding, so accepted). The binary search
/// over the edges' normals, which assumes they turn monotonically, landed
/// on the straight side, opposite the support along `(−0.96, 0.29)`, and
/// the climb after it stopped on a tie: 7e-3 short, the polygon's width.
/// Oracle: the brute-force maximum over the vertices, exactly (a polygon
/// with such turns is scanned).
#[test]
#[allow(clippy::excessive_precision)] // the exact f32 inputs the fuzzer found
fn polygon_with_rounding_dents_is_scanned() {
    use gjk::nalgebra::Vector2;
    use gjk::{hull::Polygon, SupportMap};
    let p = |x: f32, y: f32| Vector2::new(x, y);
    let vertices = [
        p(19.39842414855957, 0.00031155170290730894),
        p(19.398422241210938, 0.00033461046405136585),
        p(19.398420333862305, 0.00035765746724791825),
        p(19.398418426513672, 0.0003806919266935438),
        p(19.39841651916504, 0.0004037130274809897),
        p(19.398414611816406, 0.00042671995470300317),
        p(19.39841079711914, 0.0004497119225561619),
        p(19.398408889770508, 0.00047268811613321304),
        p(19.398405075073242, 0.0004956477205269039),
        p(19.39840316772461, 0.0005185899208299816),
        p(19.398399353027344, 0.0005415139021351933),
        p(19.39839744567871, 0.0005644189659506083),
        p(19.398393630981445, 0.0005873041227459908),
        p(19.39838981628418, 0.0006101687322370708),
        p(19.398386001586914, 0.0006330119795165956),
        p(19.398380279541016, 0.0006672348827123642),
        p(19.39837646484375, 0.0006900210282765329),
        p(19.398372650146484, 0.0007127829594537616),
        p(19.398366928100586, 0.0007355199195444584),
        p(19.39836311340332, 0.0007582310936413705),
        p(19.398359298706055, 0.0007809156086295843),
        p(19.398353576660156, 0.0008035727660171688),
        p(19.39834976196289, 0.0008262017508968711),
        p(19.398344039916992, 0.0008488016901537776),
        p(19.398338317871094, 0.0008713718852959573),
        p(19.398338317871094, 0.0008770096465013921),
        p(19.398046493530273, 0.0017044699052348733),
        p(19.398040771484375, 0.0017148719634860754),
        p(19.398035049438477, 0.0017252590041607618),
        p(19.39714813232422, 0.002899747109040618),
        p(19.395889282226563, 0.003662473289296031),
        p(19.394437789916992, 0.003905130550265312),
        p(19.39299964904785, 0.0035932620521634817),
        p(19.39252471923828, 0.003351887222379446),
        p(19.392087936401367, 0.003048395738005638),
        p(19.391319274902344, 0.0022218695376068354),
        p(19.390764236450195, 0.0010321802692487836),
        p(19.390626907348633, -8.917144441511482e-5),
        p(19.39081573486328, -0.001203063759021461),
        p(19.391315460205078, -0.002216317690908909),
        p(19.3920841217041, -0.003044172888621688),
        p(19.393056869506836, -0.003617377718910575),
        p(19.394153594970703, -0.0038879828061908484),
        p(19.395282745361328, -0.0038333514239639044),
        p(19.39634895324707, -0.003458053572103381),
        p(19.397262573242188, -0.0027934834361076355),
        p(19.397947311401367, -0.0018952337559312582),
        p(19.398345947265625, -0.0008384445682168007),
    ];
    let polygon = Polygon::new(vertices).unwrap();
    for k in 0..64 {
        let angle = k as f32 * core::f32::consts::TAU / 64.0;
        let d = Vector2::new(angle.cos(), angle.sin());
        let best = vertices
            .iter()
            .map(|v| v.dot(&d))
            .fold(f32::NEG_INFINITY, f32::max);
        assert_eq!(polygon.support(&d).dot(&d), best, "along {d:?}");
    }
    let d = Vector2::new(-0.9569403357322088_f32, 0.2902846772544624);
    let best = vertices
        .iter()
        .map(|v| v.dot(&d))
        .fold(f32::NEG_INFINITY, f32::max);
    assert_eq!(polygon.support(&d).dot(&d), best);
}
