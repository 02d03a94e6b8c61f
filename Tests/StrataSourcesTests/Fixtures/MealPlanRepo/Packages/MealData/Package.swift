// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "MealData",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "MealData", targets: ["MealData"]),
    ],
    dependencies: [
        .package(path: "../Kitchen"),
        .package(url: "https://github.com/example/nutrition-facts.git", from: "2.1.0"),
    ],
    targets: [
        .target(
            name: "MealData",
            dependencies: [
                .product(name: "Kitchen", package: "Kitchen"),
                .product(name: "NutritionFacts", package: "nutrition-facts"),
            ]
        ),
    ]
)
